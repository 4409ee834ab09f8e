package com.acme.notify;

public interface Clock {
    long now(); // @def(clockNow, "now")
}
