package com.acme.billing.listen;

import com.acme.billing.events.BillingEvent;
import com.acme.billing.events.InvoiceIssued;
import com.acme.billing.events.InvoicePaid;
import com.acme.billing.events.Queues;
import com.acme.billing.events.ReminderDue;
import com.acme.billing.events.Topics;
import org.springframework.amqp.rabbit.annotation.RabbitListener;
import org.springframework.context.event.EventListener;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

@Component
public class BillingListeners {
    static final String AUDIT_TOPIC = "billing.audit";

    @EventListener
    public void onIssued(InvoiceIssued event) { // @def(onIssued, "onIssued")
        System.out.println(event.invoiceId());
    }

    @EventListener
    public void onAnyBilling(BillingEvent event) { // @def(onAnyBilling, "onAnyBilling")
        System.out.println(event.invoiceId());
    }

    @EventListener(classes = InvoicePaid.class)
    public void onPaid() { // @def(onPaid, "onPaid")
        System.out.println("paid");
    }

    @EventListener({ReminderDue.class})
    public void onReminder() { // @def(onReminder, "onReminder")
        System.out.println("reminder");
    }

    @KafkaListener(topics = Topics.INVOICES, groupId = "billing")
    public void consumeInvoice(String message) { // @def(consumeInvoice, "consumeInvoice")
        System.out.println(message);
    }

    @KafkaListener(topics = {Topics.REFUNDS, "billing.chargebacks"})
    public void consumeRefund(String message) { // @def(consumeRefund, "consumeRefund")
        System.out.println(message);
    }

    @KafkaListener(topics = AUDIT_TOPIC)
    public void consumeAudit(String message) { // @def(consumeAudit, "consumeAudit")
        System.out.println(message);
    }

    @KafkaListener(topics = "${billing.topics.external}")
    public void consumeExternal(String message) { // @def(consumeExternal, "consumeExternal")
        System.out.println(message);
    }

    @KafkaListener(topics = "#{'${billing.topics.list}'.split(',')}")
    public void consumeListed(String message) { // @def(consumeListed, "consumeListed") @callers(consumeListed) @entry(consumeListed, "resolved only when the application runs")
        System.out.println(message);
    }

    @RabbitListener(queues = Queues.RECEIPTS)
    public void consumeReceipt(String message) { // @def(consumeReceipt, "consumeReceipt")
        System.out.println(message);
    }

    @RabbitListener(queues = {Queues.LEDGER})
    public void consumeLedger(String message) { // @def(consumeLedger, "consumeLedger")
        System.out.println(message);
    }
}
