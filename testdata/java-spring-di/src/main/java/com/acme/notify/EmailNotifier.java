package com.acme.notify;

import org.springframework.stereotype.Component;

@Component("email")
public class EmailNotifier implements Notifier {
    public void send(String message) { // @def(emailSend, "send")
    }
}
