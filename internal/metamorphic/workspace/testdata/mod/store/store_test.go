package store

import "testing"

func TestKey(t *testing.T) {
	if Key("a") != "lock:a" {
		t.Fatal(Key("a"))
	}
}
