package com.acme.funcs;

public interface Notifier {
    void send(String message); // @def(notifierSend, "send")
}
