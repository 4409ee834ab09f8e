package com.acme.notify;

// Not a bean: ClockConfig's @Bean makes the application's Clock a SystemClock.
public class FakeClock implements Clock {
    public long now() { // @def(fakeNow, "now") @nocallers(fakeNow)
        return 0;
    }
}
