package rediscall

// The tables of this file say how an acquire written without a TTL takes
// the TTL its separate expire sets, for the clients whose acquire is not
// go-redis's SetNX or SetArgs.

// expiryOptions names the SET option step that carries the expiry of each
// rueidis/valkey-go expire step, with the same argument type (int64
// seconds, milliseconds, Unix seconds, Unix milliseconds), so the TTL
// text moves unchanged.
var expiryOptions = map[string]string{
	"Seconds":               "ExSeconds",                 // EXPIRE k s -> SET k v NX EX s
	"Milliseconds":          "PxMilliseconds",            // PEXPIRE k ms -> SET k v NX PX ms
	"Timestamp":             "ExatTimestamp",             // EXPIREAT k t -> SET k v NX EXAT t
	"MillisecondsTimestamp": "PxatMillisecondsTimestamp", // PEXPIREAT k t -> SET k v NX PXAT t
}

// goZeroTTLForms maps go-zero's SETNX methods to their SET NX EX forms,
// which take the seconds that Expire took as their last argument.
var goZeroTTLForms = map[string]string{
	"Setnx":    "SetnxEx",
	"SetnxCtx": "SetnxExCtx",
}

// ExpiryOption returns the SET option step (ExSeconds, PxMilliseconds, ...)
// that sets the expiry the expire chain ch sets, with the same argument.
func ExpiryOption(ch *BuilderChain) (string, bool) {
	for _, st := range ch.Steps {
		if opt, ok := expiryOptions[st.Name]; ok {
			return opt, true
		}
	}
	return "", false
}

// GoZeroTTLForm returns the go-zero method that acquires as method
// (Setnx, SetnxCtx) does with an expiry in seconds as its last argument.
func GoZeroTTLForm(method string) (string, bool) { return lookup(goZeroTTLForms, method) }
