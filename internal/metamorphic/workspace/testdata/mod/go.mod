module example.com/mod

go 1.24
