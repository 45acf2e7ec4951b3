module example.com/matchtest

go 1.26.0
