package com.acme.alerts;

public class SmsNotifier extends BaseNotifier {
    @Override
    public void send(String message) { // @def(smsSend, "send")
    }
}
