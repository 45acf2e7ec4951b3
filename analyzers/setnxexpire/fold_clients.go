package setnxexpire

import (
	"github.com/leasevet/leasevet/analyzers/internal/fixedit"
	"github.com/leasevet/leasevet/analyzers/internal/lockmodel"
	"github.com/leasevet/leasevet/analyzers/internal/redisapi"
	"golang.org/x/tools/go/analysis"
)

// putTTLEdits returns the edits that give the acquire the expire's TTL:
// putTTL's for go-redis SetNX and SetArgs, and for the other clients the
// shared recognition layer's, which knows their builder chains and
// method pairs (redisapi.FoldTTL).
func putTTLEdits(pass *analysis.Pass, acq, exp *lockmodel.Op) ([]analysis.TextEdit, bool) {
	if put, ok := putTTL(pass, acq, exp); ok {
		return []analysis.TextEdit{put}, true
	}
	ttl, ok := fixedit.Text(pass, exp.TTL)
	if !ok {
		return nil, false
	}
	return redisapi.FoldTTL(acq.Call, exp.Call, ttl)
}
