// Package consumer configures a reader with a stream option: valid Go
// that leasevet must analyse (it has no Redis code to report).
package consumer

import (
	"example.com/fixtures/correct/optiontypes/events"
	"example.com/fixtures/correct/optiontypes/stream"
)

// Start configures r to handle four events at once.
func Start(r *events.Reader) { r.Configure(stream.WithConcurrency(4)) }
