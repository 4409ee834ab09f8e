package com.acme.alerts;

public class EmailNotifier implements Notifier {
    @Override
    public void send(String message) { // @def(emailSend, "send")
    }
}
