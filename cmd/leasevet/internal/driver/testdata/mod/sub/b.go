package sub

func bad() {}

func good() {}

func f() {
	bad()
	bad()
}
