package com.acme.fleet;

public interface Notifier {
    void send(String message); // @def(notifierSend, "send")

    boolean ready(); // @def(notifierReady, "ready")

    String name(); // @def(notifierName, "name")
}
