package com.acme.notify;

import jakarta.annotation.Resource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.stereotype.Service;

// Which bean Spring injects into each field decides which send runs.
@Service
public class Alerts {
    @Autowired
    @Qualifier("email")
    private Notifier mail; // the bean named email: EmailNotifier

    @Autowired
    private Notifier any; // three candidates, one @Primary: SmsNotifier

    @Resource(name = "email")
    private Notifier named; // the bean named email

    @Resource
    private Notifier pushNotifier; // by the field's name: the bean pushNotifier

    @Autowired
    @Qualifier("push")
    private Notifier qualified; // PushNotifier, qualified push on its class

    @Autowired
    private AuditLog audit; // FileAudit, or KafkaAudit (@UseCase): not PlainAudit

    private final Notifier direct;
    private final Store store;
    private final Clock clock;
    private final Notifier plain = new EmailNotifier(); // not injected: any Notifier

    public Alerts(@Qualifier("email") Notifier direct, Store store, Clock clock) {
        this.direct = direct;
        this.store = store;
        this.clock = clock;
    }

    void byQualifier() { // @def(byQualifier, "byQualifier")
        mail.send("a"); // @site(qualifierSend, "send") @call(byQualifier, notifierSend, qualifierSend) @dispatch(byQualifier, emailSend, qualifierSend)
    }

    void byPrimary() { // @def(byPrimary, "byPrimary")
        any.send("b"); // @site(primarySend, "send") @call(byPrimary, notifierSend, primarySend) @dispatch(byPrimary, smsSend, primarySend)
    }

    void byClassQualifier() { // @def(byClassQualifier, "byClassQualifier")
        this.qualified.send("c"); // @site(classQualifierSend, "send") @call(byClassQualifier, notifierSend, classQualifierSend) @dispatch(byClassQualifier, pushSend, classQualifierSend)
    }

    void byResource() { // @def(byResource, "byResource")
        named.send("r"); // @site(resourceSend, "send") @call(byResource, notifierSend, resourceSend, fieldNameSend) @dispatch(byResource, emailSend, resourceSend)
        pushNotifier.send("p"); // @site(fieldNameSend, "send") @dispatch(byResource, pushSend, fieldNameSend)
    }

    void byConstructor() { // @def(byConstructor, "byConstructor")
        direct.send("d"); // @site(ctorSend, "send") @call(byConstructor, notifierSend, ctorSend) @dispatch(byConstructor, emailSend, ctorSend)
        store.save("k"); // @site(ctorSave, "save") @call(byConstructor, storeSave, ctorSave) @dispatch(byConstructor, dbSave, ctorSave)
        clock.now(); // @site(ctorNow, "now") @call(byConstructor, clockNow, ctorNow) @dispatch(byConstructor, systemNow, ctorNow)
    }

    void audited() { // @def(audited, "audited")
        audit.record("x"); // @site(auditSite, "record") @call(audited, auditRecord, auditSite) @dispatch(audited, fileRecord, auditSite) @dispatch(audited, kafkaRecord, auditSite)
    }

    void notInjected() { // @def(notInjected, "notInjected")
        plain.send("e"); // @site(plainSend, "send") @call(notInjected, notifierSend, plainSend) @dispatch(notInjected, emailSend, plainSend) @dispatch(notInjected, smsSend, plainSend) @dispatch(notInjected, pushSend, plainSend)
    }
}
