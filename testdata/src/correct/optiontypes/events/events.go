// Package events reads a stream with the stream package's options.
package events

import "example.com/fixtures/correct/optiontypes/stream"

// ReaderOption is a stream consumer option.
type ReaderOption stream.ConsumerOption

// Reader reads events.
type Reader struct{ opts []ReaderOption }

// Configure sets the reader's options.
func (r *Reader) Configure(opts ...ReaderOption) { r.opts = append(r.opts, opts...) }
