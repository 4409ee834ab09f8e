package com.acme.notify;

public interface Notifier {
    void send(String message); // @def(notifierSend, "send")
}
