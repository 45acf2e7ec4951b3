package fixture

func bad() int  { return 1 }
func good() int { return 2 }

func empty() {}

func use() int {
	return len("é") + bad()
}
