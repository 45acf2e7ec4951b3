module github.com/leasevet/leasevet

go 1.26.0

require (
	github.com/alicebob/miniredis/v2 v2.40.0
	github.com/golangci/plugin-module-register v0.1.2
	github.com/redis/go-redis/v9 v9.23.0
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3
	github.com/yuin/gopher-lua v1.1.2
	golang.org/x/mod v0.43.0
	golang.org/x/tools v0.53.0
)

require (
	github.com/cespare/xxhash/v2 v2.3.0 // indirect
	go.uber.org/atomic v1.12.0 // indirect
	golang.org/x/sync v0.25.0 // indirect
	golang.org/x/sys v0.50.0 // indirect
	golang.org/x/text v0.14.0 // indirect
)
