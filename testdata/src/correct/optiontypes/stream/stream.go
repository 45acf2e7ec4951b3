// Package stream and its siblings are a package layout that must load
// under go vet -vettool=leasevet as under go build: events defines its
// option type as stream's interface, whose method is unexported, and
// consumer passes one for the other. The export data readers of
// golang.org/x/tools before v0.53.0 lost the unexported method's
// package, and leasevet, as a vet tool, refused consumer as ill-typed.
package stream

// ConsumerOption configures a consumer.
type ConsumerOption interface{ apply(*config) }

type config struct{ concurrency int }

type concurrency int

func (c concurrency) apply(cfg *config) { cfg.concurrency = int(c) }

// WithConcurrency sets how many messages are handled at once.
func WithConcurrency(n int) ConsumerOption { return concurrency(n) }
