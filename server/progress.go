package server

import (
	"context"
	"fmt"
	"strconv"
	"sync/atomic"
	"time"

	"go.lsp.dev/protocol"
)

var progressSeq atomic.Int64

// progress reports one long job with $/progress when the client accepts
// server-initiated progress; otherwise it is silent.
type progress struct {
	s     *Server
	token *protocol.ProgressToken
	last  uint32
}

func (s *Server) beginProgress(ctx context.Context, title string) *progress {
	s.mu.Lock()
	enabled := s.progress
	s.mu.Unlock()
	p := &progress{s: s}
	if !enabled {
		return p
	}
	token := protocol.NewProgressToken("callcascade-" + strconv.FormatInt(progressSeq.Add(1), 10))
	cctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if _, err := s.conn.Call(cctx, "window/workDoneProgress/create", &protocol.WorkDoneProgressCreateParams{Token: *token}, nil); err != nil {
		s.log.Debug("client refused progress", "error", err)
		return p
	}
	p.token = token
	p.notify(ctx, &protocol.WorkDoneProgressBegin{Kind: protocol.WorkDoneProgressKindBegin, Title: title, Percentage: 0})
	return p
}

func (p *progress) report(ctx context.Context, done, total int) {
	if p.token == nil || total == 0 {
		return
	}
	pct := uint32(done * 100 / total)
	if pct == p.last && done != total {
		return
	}
	p.last = pct
	p.notify(ctx, &protocol.WorkDoneProgressReport{Kind: protocol.WorkDoneProgressKindReport, Percentage: pct, Message: fmt.Sprintf("%d/%d files", done, total)})
}

func (p *progress) end(ctx context.Context, message string) {
	if p.token == nil {
		return
	}
	p.notify(context.WithoutCancel(ctx), &protocol.WorkDoneProgressEnd{Kind: protocol.WorkDoneProgressKindEnd, Message: message})
}

func (p *progress) notify(ctx context.Context, value any) {
	if err := p.s.conn.Notify(ctx, protocol.MethodProgress, &protocol.ProgressParams{Token: *p.token, Value: value}); err != nil {
		p.s.log.Debug("progress notification failed", "error", err)
	}
}
