package store

// A Cmd is a command a builder makes, sent by Do: a finding about it is
// reported at the builder, an argument of the call that sends it.
type Cmd struct{ key string }

func (c *Client) Build(key string) Cmd { return Cmd{key} }

func (c *Client) Do(cmd Cmd) error { return nil }

func Drop(c *Client, key string) {
	c.Do(c.Build("drop:" + key))
}
