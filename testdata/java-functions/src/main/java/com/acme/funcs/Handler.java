package com.acme.funcs;

@FunctionalInterface
public interface Handler {
    void handle(String event); // @def(handle, "handle")
}
