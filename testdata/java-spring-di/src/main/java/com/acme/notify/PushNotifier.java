package com.acme.notify;

import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.stereotype.Service;

@Service
@Qualifier("push")
public class PushNotifier implements Notifier {
    public void send(String message) { // @def(pushSend, "send")
    }
}
