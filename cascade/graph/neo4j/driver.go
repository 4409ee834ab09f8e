package neo4j

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sync"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"
	neo4jconfig "github.com/neo4j/neo4j-go-driver/v5/neo4j/config"
	neo4jlog "github.com/neo4j/neo4j-go-driver/v5/neo4j/log"
)

// One driver per process and server: a driver owns a connection pool (and,
// for neo4j:// URIs, a routing table), so stores opened for several
// workspaces against the same server share one. Drivers are counted and
// closed when the last store using one closes.
var drivers = struct {
	sync.Mutex
	m map[string]*sharedDriver
}{m: map[string]*sharedDriver{}}

type sharedDriver struct {
	key    string
	driver neo4j.DriverWithContext
	refs   int
}

// driverKey identifies a driver by everything it was built from; the
// password enters only as a hash.
func driverKey(c Config) string {
	user, password := c.credentials()
	sum := sha256.Sum256([]byte(password))
	return fmt.Sprintf("%s\x00%s\x00%s\x00%d\x00%d", c.driverURI(), user, hex.EncodeToString(sum[:8]), c.retryTime(), c.connectTimeout())
}

func acquireDriver(c Config) (*sharedDriver, error) {
	key := driverKey(c)
	drivers.Lock()
	defer drivers.Unlock()
	if d := drivers.m[key]; d != nil {
		d.refs++
		return d, nil
	}
	user, password := c.credentials()
	auth := neo4j.NoAuth()
	if user != "" || password != "" {
		auth = neo4j.BasicAuth(user, password, "")
	}
	d, err := neo4j.NewDriverWithContext(c.driverURI(), auth, func(cfg *neo4jconfig.Config) {
		cfg.MaxTransactionRetryTime = c.retryTime()
		cfg.SocketConnectTimeout = c.connectTimeout()
		cfg.ConnectionAcquisitionTimeout = c.connectTimeout()
		cfg.UserAgent = "callcascade"
		// The driver's own log lines can quote server messages and
		// addresses: the store reports faults itself, redacted.
		cfg.Log = neo4jlog.ToVoid()
	})
	if err != nil {
		// NewDriverWithContext fails only on the URI's form; its message
		// may quote the URI, so it is not passed on.
		return nil, fmt.Errorf("neo4j: cannot use the URI %s (check its scheme and host)", c.Endpoint())
	}
	sd := &sharedDriver{key: key, driver: d, refs: 1}
	drivers.m[key] = sd
	return sd, nil
}

func releaseDriver(sd *sharedDriver) error {
	drivers.Lock()
	sd.refs--
	last := sd.refs == 0
	if last {
		delete(drivers.m, sd.key)
	}
	drivers.Unlock()
	if !last {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return sd.driver.Close(ctx)
}
