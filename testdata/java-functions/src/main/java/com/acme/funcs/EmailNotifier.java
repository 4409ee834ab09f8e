package com.acme.funcs;

public class EmailNotifier implements Notifier {
    public void send(String message) { // @def(emailSend, "send")
    }

    public void helper() { // @def(helper, "helper")
    }
}
