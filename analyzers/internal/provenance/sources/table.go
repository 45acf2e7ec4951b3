package sources

import (
	"go/types"
	"strings"

	"github.com/leasevet/leasevet/analyzers/internal/analysisutil"
)

// Functions are named by analysisutil.FuncName: "pkg/path.Func" or "pkg/path.Type.Method" (the form
// of the -token-funcs flag); "pkg/path.*" stands for every function and
// method of a package, "pkg/path.Type.*" for every method of a type.

// sourceFuncs are functions whose results are a source of the kind given,
// whatever their arguments.
var sourceFuncs = map[string]Kind{
	// Per-acquisition unique: cryptographic and math randomness (Go 1.20+
	// seeds math/rand, so two processes draw different values).
	"crypto/rand.*":  Unique,
	"math/rand.*":    Unique,
	"math/rand/v2.*": Unique,
	"github.com/leasevet/leasevet/safelock.NewToken": Unique,
	// UUID and unique-id packages, version 4 or time+random based.
	"github.com/google/uuid.New":                  Unique,
	"github.com/google/uuid.NewString":            Unique,
	"github.com/google/uuid.NewRandom":            Unique,
	"github.com/google/uuid.NewUUID":              Unique,
	"github.com/google/uuid.NewV6":                Unique,
	"github.com/google/uuid.NewV7":                Unique,
	"github.com/gofrs/uuid.NewV4":                 Unique,
	"github.com/gofrs/uuid.NewV7":                 Unique,
	"github.com/gofrs/uuid/v5.NewV4":              Unique,
	"github.com/gofrs/uuid/v5.NewV7":              Unique,
	"github.com/satori/go.uuid.NewV4":             Unique,
	"github.com/hashicorp/go-uuid.GenerateUUID":   Unique,
	"github.com/rs/xid.New":                       Unique,
	"github.com/segmentio/ksuid.New":              Unique,
	"github.com/oklog/ulid/v2.Make":               Unique,
	"github.com/lithammer/shortuuid/v4.New":       Unique,
	"github.com/bwmarrin/snowflake.Node.Generate": Unique,
	// Atomic counters: each Add returns a value no other call returns
	// (combined with an instance id: instanceId + processEpoch + requestId).
	"sync/atomic.AddInt32":          Unique,
	"sync/atomic.AddInt64":          Unique,
	"sync/atomic.AddUint32":         Unique,
	"sync/atomic.AddUint64":         Unique,
	"sync/atomic.Int32.Add":         Unique,
	"sync/atomic.Int64.Add":         Unique,
	"sync/atomic.Uint32.Add":        Unique,
	"sync/atomic.Uint64.Add":        Unique,
	"go.uber.org/atomic.Int64.Inc":  Unique,
	"go.uber.org/atomic.Int64.Add":  Unique,
	"go.uber.org/atomic.Uint64.Inc": Unique,
	"go.uber.org/atomic.Uint64.Add": Unique,
	"go.uber.org/atomic.Int32.Inc":  Unique,
	"go.uber.org/atomic.Uint32.Inc": Unique,
	// Per-process or per-host identity: equal for every acquisition of
	// one process, and reused after a restart.
	"os.Hostname":                     Instance,
	"os.Getpid":                       Instance,
	"os.Getppid":                      Instance,
	"syscall.Getpid":                  Instance,
	"syscall.Gettid":                  Instance,
	"golang.org/x/sys/unix.Getpid":    Instance,
	"golang.org/x/sys/unix.Gettid":    Instance,
	"github.com/petermattis/goid.Get": Instance,
	// Clock readings, and GoFrame's (gtime, v1 and v2).
	"time.Now":                                         Clock,
	"github.com/gogf/gf/v2/os/gtime.Now":               Clock,
	"github.com/gogf/gf/v2/os/gtime.Timestamp":         Clock,
	"github.com/gogf/gf/v2/os/gtime.TimestampMilli":    Clock,
	"github.com/gogf/gf/v2/os/gtime.TimestampMicro":    Clock,
	"github.com/gogf/gf/v2/os/gtime.TimestampNano":     Clock,
	"github.com/gogf/gf/v2/os/gtime.TimestampStr":      Clock,
	"github.com/gogf/gf/v2/os/gtime.TimestampMilliStr": Clock,
	"github.com/gogf/gf/v2/os/gtime.TimestampMicroStr": Clock,
	"github.com/gogf/gf/v2/os/gtime.TimestampNanoStr":  Clock,
	"github.com/gogf/gf/os/gtime.Now":                  Clock,
	"github.com/gogf/gf/os/gtime.Timestamp":            Clock,
	"github.com/gogf/gf/os/gtime.TimestampMilli":       Clock,
	"github.com/gogf/gf/os/gtime.TimestampNano":        Clock,
}

// A PassMode says which arguments of a pure formatting function carry the
// value into its result.
type PassMode int

const (
	PassArgs    PassMode = iota + 1 // every argument
	PassRecv                        // the receiver only (t.Unix(), u.String())
	PassNonRecv                     // the arguments but not the receiver (enc.EncodeToString(b))
)

// passFuncs are functions whose result is made of their arguments and
// nothing else, so the result has the arguments' sources.
var passFuncs = map[string]PassMode{
	"fmt.Sprintf":        PassArgs,
	"fmt.Sprint":         PassArgs,
	"fmt.Sprintln":       PassArgs,
	"strconv.Itoa":       PassArgs,
	"strconv.FormatInt":  PassArgs,
	"strconv.FormatUint": PassArgs,
	"strconv.Quote":      PassArgs,
	"strings.Join":       PassArgs,
	"strings.ToLower":    PassArgs,
	"strings.ToUpper":    PassArgs,
	"strings.TrimSpace":  PassArgs,
	"strings.ReplaceAll": PassArgs,
	"strings.Repeat":     PassArgs,
	"net.JoinHostPort":   PassArgs,
	// Parsing and slicing helpers: goroutine id helpers cut the id out of
	// the runtime.Stack header with them (strings.Fields(s)[1], Atoi).
	"strconv.Atoi":                            PassArgs,
	"strconv.ParseInt":                        PassArgs,
	"strconv.ParseUint":                       PassArgs,
	"strings.Fields":                          PassArgs,
	"strings.Split":                           PassArgs,
	"strings.SplitN":                          PassArgs,
	"strings.TrimPrefix":                      PassArgs,
	"strings.TrimSuffix":                      PassArgs,
	"strings.Index":                           PassArgs,
	"strings.IndexByte":                       PassArgs,
	"bytes.Fields":                            PassArgs,
	"bytes.Split":                             PassArgs,
	"bytes.TrimPrefix":                        PassArgs,
	"bytes.TrimSpace":                         PassArgs,
	"bytes.Index":                             PassArgs,
	"bytes.IndexByte":                         PassArgs,
	"encoding/hex.EncodeToString":             PassArgs,
	"encoding/base64.Encoding.EncodeToString": PassNonRecv,
	"encoding/base32.Encoding.EncodeToString": PassNonRecv,
	"time.Time.*":                             PassRecv, // t.Unix(), t.UnixNano(), t.Format(layout)
	"github.com/gogf/gf/v2/os/gtime.Time.*":   PassRecv, // gtime.Now().Timestamp(), .String()
	"github.com/gogf/gf/os/gtime.Time.*":      PassRecv,
	"github.com/google/uuid.Must":             PassArgs,
	"github.com/google/uuid.UUID.String":      PassRecv,
	"github.com/gofrs/uuid.Must":              PassArgs,
	"github.com/gofrs/uuid.UUID.String":       PassRecv,
	"github.com/satori/go.uuid.Must":          PassArgs,
	"github.com/satori/go.uuid.UUID.String":   PassRecv,
	"github.com/rs/xid.ID.String":             PassRecv,
	"github.com/segmentio/ksuid.KSUID.String": PassRecv,
	"github.com/oklog/ulid/v2.ULID.String":    PassRecv,
	"github.com/bwmarrin/snowflake.ID.String": PassRecv,
	"github.com/bwmarrin/snowflake.ID.Int64":  PassRecv,
}

// bufferWriters fill their byte slice argument with a value of the kind
// given.
var bufferWriters = map[string]Kind{
	// Random bytes.
	"crypto/rand.Read":          Unique,
	"math/rand.Read":            Unique,
	"math/rand.Rand.Read":       Unique,
	"math/rand/v2.ChaCha8.Read": Unique,
	// The stack header "goroutine 17 [running]:", which is how helpers
	// named goroutineID read the goroutine id: per process and reused,
	// never unique per acquisition. A helper's name is never trusted:
	// its body decides, and this is what a real one calls.
	"runtime.Stack": Instance,
}

// bufferSourceDesc says what a buffer writer's bytes are, for messages;
// the writer's name when it has no row.
var bufferSourceDesc = map[string]string{
	"runtime.Stack": "the goroutine id read from runtime.Stack()",
}

// lookup finds name in a table, directly or through a wildcard row.
func lookup[V any](table map[string]V, name string) (V, bool) {
	if v, ok := table[name]; ok {
		return v, true
	}
	for i := len(name) - 1; i >= 0; i-- {
		if name[i] == '.' {
			if v, ok := table[name[:i]+".*"]; ok {
				return v, true
			}
		}
		if name[i] == '/' {
			break
		}
	}
	var zero V
	return zero, false
}

// IsTokenFunc reports whether name is one of the user's -token-funcs.
func IsTokenFunc(extra []string, name string) bool {
	for _, e := range extra {
		if e == name || (strings.HasSuffix(e, ".*") && strings.HasPrefix(name, strings.TrimSuffix(e, "*"))) {
			return true
		}
	}
	return false
}

// ShortName returns "pkg.Func" or "pkg.Type.Method" for messages.
func ShortName(fn *types.Func) string {
	full := analysisutil.FuncName(fn)
	if fn.Pkg() == nil {
		return full
	}
	return fn.Pkg().Name() + full[len(fn.Pkg().Path()):]
}

// FuncKind returns the kind of source the result of the function named
// name is, whatever its arguments.
func FuncKind(name string) (Kind, bool) { return lookup(sourceFuncs, name) }

// Passes returns which arguments of the function named name carry a value
// into its result, when the result is made of them and nothing else.
func Passes(name string) (PassMode, bool) { return lookup(passFuncs, name) }

// BufferWriter returns the kind of the bytes the function named name
// fills its byte slice argument with, and what they are for messages (""
// when the writer's own name says it).
func BufferWriter(name string) (k Kind, desc string, ok bool) {
	k, ok = bufferWriters[name]
	return k, bufferSourceDesc[name], ok
}
