package com.acme.alerts;

public interface Notifier {
    void send(String message); // @def(notifierSend, "send")
}
