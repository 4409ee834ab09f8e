package com.acme.notify;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.stereotype.Component;

@Component
public class NightlyJob extends BaseJob {
    private Notifier pager;

    // Setter injection: the parameter's qualifier is the field's.
    @Autowired
    public void setPager(@Qualifier("push") Notifier pager) {
        this.pager = pager;
    }

    void nightly() { // @def(nightly, "nightly")
        notifier.send("n"); // @site(inheritedSend, "send") @call(nightly, notifierSend, inheritedSend, pagerSend) @dispatch(nightly, emailSend, inheritedSend)
        pager.send("p"); // @site(pagerSend, "send") @dispatch(nightly, pushSend, pagerSend)
    }
}
