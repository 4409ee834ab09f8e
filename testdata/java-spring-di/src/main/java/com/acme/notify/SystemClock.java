package com.acme.notify;

public class SystemClock implements Clock {
    public long now() { // @def(systemNow, "now")
        return System.currentTimeMillis();
    }
}
