module example.com/unit

go 1.22
