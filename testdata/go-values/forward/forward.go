// Package forward calls a value of a named func type (envoyproxy/gateway's
// egctl: forwarder configDumpPortForwarderFunc): fw, err := forwarder(n) is
// what the type's results say, a Forwarder, so fw.Start() dispatches to
// Forwarder's implementations, and Updater.Start, which implements no
// Forwarder, is no caller of it (not even grep's possible one).
package forward

type Forwarder interface {
	Start() error
	Stop()
}

type local struct{}

func (l *local) Start() error { return nil } // @def(localStart, "Start") @callers(localStart, run)

func (l *local) Stop() {}

type Updater struct{}

func (u *Updater) Start() {} // @def(updaterStart, "Start") @nocallers(updaterStart)

type forwardFunc func(name string) (Forwarder, error)

func run(names []string, forwarder forwardFunc) { // @def(run, "run")
	for _, n := range names {
		fw, err := forwarder(n)
		if err != nil {
			return
		}
		if err := fw.Start(); err != nil { // @site(runStart, "Start") @dispatch(run, localStart, runStart)
			return
		}
	}
}
