package com.acme.alerts;

// Bare calls of the outer class's method: from a field's initializer, an
// anonymous class's method and an inner class's method.
public class Scheduler {
    private final int initial = delay(); // @site(initialDelay, "delay") @call(schedulerModule, delay, initialDelay) @module(schedulerModule)

    int delay() { // @def(delay, "delay")
        return 5;
    }

    Runnable task() {
        return new Runnable() {
            @Override
            public void run() { // @def(anonRun, "run")
                delay(); // @site(anonDelay, "delay") @call(anonRun, delay, anonDelay)
            }
        };
    }

    class Retry {
        int next() { // @def(retryNext, "next")
            return delay() * 2; // @site(retryDelay, "delay") @call(retryNext, delay, retryDelay)
        }
    }
}

class Backoff {
    int delay() { // @def(backoffDelay, "delay") @nocallers(backoffDelay)
        return 1;
    }
}
