package provenance

import (
	"go/types"
	"strings"
)

// Functions are named "pkg/path.Func" or "pkg/path.Type.Method" (the form
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
	// (combined with an instance id, design text: instanceId + processEpoch + requestId).
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
	// Clock readings.
	"time.Now": Clock,
}

// A passMode says which arguments of a pure formatting function carry the
// value into its result.
type passMode int

const (
	passArgs    passMode = iota + 1 // every argument
	passRecv                        // the receiver only (t.Unix(), u.String())
	passNonRecv                     // the arguments but not the receiver (enc.EncodeToString(b))
)

// passFuncs are functions whose result is made of their arguments and
// nothing else, so the result has the arguments' sources.
var passFuncs = map[string]passMode{
	"fmt.Sprintf":        passArgs,
	"fmt.Sprint":         passArgs,
	"fmt.Sprintln":       passArgs,
	"strconv.Itoa":       passArgs,
	"strconv.FormatInt":  passArgs,
	"strconv.FormatUint": passArgs,
	"strconv.Quote":      passArgs,
	"strings.Join":       passArgs,
	"strings.ToLower":    passArgs,
	"strings.ToUpper":    passArgs,
	"strings.TrimSpace":  passArgs,
	"strings.ReplaceAll": passArgs,
	"strings.Repeat":     passArgs,
	"net.JoinHostPort":   passArgs,
	// Parsing and slicing helpers: goroutine id helpers cut the id out of
	// the runtime.Stack header with them (strings.Fields(s)[1], Atoi).
	"strconv.Atoi":                            passArgs,
	"strconv.ParseInt":                        passArgs,
	"strconv.ParseUint":                       passArgs,
	"strings.Fields":                          passArgs,
	"strings.Split":                           passArgs,
	"strings.SplitN":                          passArgs,
	"strings.TrimPrefix":                      passArgs,
	"strings.TrimSuffix":                      passArgs,
	"strings.Index":                           passArgs,
	"strings.IndexByte":                       passArgs,
	"bytes.Fields":                            passArgs,
	"bytes.Split":                             passArgs,
	"bytes.TrimPrefix":                        passArgs,
	"bytes.TrimSpace":                         passArgs,
	"bytes.Index":                             passArgs,
	"bytes.IndexByte":                         passArgs,
	"encoding/hex.EncodeToString":             passArgs,
	"encoding/base64.Encoding.EncodeToString": passNonRecv,
	"encoding/base32.Encoding.EncodeToString": passNonRecv,
	"time.Time.*":                             passRecv, // t.Unix(), t.UnixNano(), t.Format(layout)
	"github.com/google/uuid.Must":             passArgs,
	"github.com/google/uuid.UUID.String":      passRecv,
	"github.com/gofrs/uuid.Must":              passArgs,
	"github.com/gofrs/uuid.UUID.String":       passRecv,
	"github.com/satori/go.uuid.Must":          passArgs,
	"github.com/satori/go.uuid.UUID.String":   passRecv,
	"github.com/rs/xid.ID.String":             passRecv,
	"github.com/segmentio/ksuid.KSUID.String": passRecv,
	"github.com/oklog/ulid/v2.ULID.String":    passRecv,
	"github.com/bwmarrin/snowflake.ID.String": passRecv,
	"github.com/bwmarrin/snowflake.ID.Int64":  passRecv,
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

// funcName returns fn's name in the table form.
func funcName(fn *types.Func) string {
	fn = fn.Origin()
	if fn.Pkg() == nil {
		return fn.Name()
	}
	if recv := fn.Signature().Recv(); recv != nil {
		t := recv.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			return fn.Pkg().Path() + "." + n.Obj().Name() + "." + fn.Name()
		}
		return fn.Pkg().Path() + ".?." + fn.Name()
	}
	return fn.Pkg().Path() + "." + fn.Name()
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

// isTokenFunc reports whether name is one of the user's -token-funcs.
func isTokenFunc(extra []string, name string) bool {
	for _, e := range extra {
		if e == name || (strings.HasSuffix(e, ".*") && strings.HasPrefix(name, strings.TrimSuffix(e, "*"))) {
			return true
		}
	}
	return false
}
