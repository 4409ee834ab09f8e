package com.acme.fleet;

public class SmsNotifier implements Notifier {
    @Override
    public void send(String message) { // @def(smsSend, "send")
    }

    @Override
    public boolean ready() { // @def(smsReady, "ready")
        return true;
    }

    @Override
    public String name() { // @def(smsName, "name")
        return "sms";
    }
}
