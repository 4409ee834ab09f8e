package com.acme.billing.service;

import static com.acme.billing.events.Topics.INVOICES;

import com.acme.billing.events.InvoiceIssued;
import com.acme.billing.events.InvoicePaid;
import com.acme.billing.events.Queues;
import com.acme.billing.events.ReminderDue;
import com.acme.billing.events.Topics;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.support.KafkaHeaders;
import org.springframework.messaging.support.MessageBuilder;
import org.springframework.stereotype.Service;

@Service
public class BillingService implements Queues {
    private static final String CHARGEBACKS = "billing.chargebacks";

    private final ApplicationEventPublisher publisher;
    private final KafkaTemplate<String, String> kafkaTemplate;
    private final RabbitTemplate rabbitTemplate;

    @Value("${billing.topics.external}")
    private String externalTopic;

    @Value("${billing.topics.partner:billing.partner}")
    private String partnerTopic;

    public BillingService(ApplicationEventPublisher publisher, KafkaTemplate<String, String> kafkaTemplate, RabbitTemplate rabbitTemplate) {
        this.publisher = publisher;
        this.kafkaTemplate = kafkaTemplate;
        this.rabbitTemplate = rabbitTemplate;
    }

    public void issue(String id) { // @def(issue, "issue")
        publisher.publishEvent(new InvoiceIssued(id)); // @site(issuePublish, "publishEvent") @event(issue, onIssued, "InvoiceIssued", issuePublish) @event(issue, onAnyBilling, "BillingEvent", issuePublish) @event(issue, auditIssued, "InvoiceIssued", issuePublish)
    }

    public void reissue(InvoiceIssued issued) { // @def(reissue, "reissue")
        publisher.publishEvent(issued); // @site(reissuePublish, "publishEvent") @event(reissue, onIssued, "InvoiceIssued", reissuePublish) @event(reissue, onAnyBilling, "BillingEvent", reissuePublish) @event(reissue, auditIssued, "InvoiceIssued", reissuePublish)
    }

    public void pay(String id) { // @def(pay, "pay")
        InvoicePaid paid = new InvoicePaid(id);
        this.publisher.publishEvent(paid); // @site(payPublish, "publishEvent") @event(pay, onPaid, "InvoicePaid", payPublish) @event(pay, onAnyBilling, "BillingEvent", payPublish)
    }

    public void payLater(String id) { // @def(payLater, "payLater")
        publisher.publishEvent(InvoicePaid.of(id)); // @site(payLaterPublish, "publishEvent") @event(payLater, onPaid, "InvoicePaid", payLaterPublish) @event(payLater, onAnyBilling, "BillingEvent", payLaterPublish) @site(payLaterOf, "of") @call(payLater, invoicePaidOf, payLaterOf)
    }

    public void remind(String id) { // @def(remind, "remind")
        publisher.publishEvent(new ReminderDue(id)); // @site(remindPublish, "publishEvent") @event(remind, onReminder, "ReminderDue", remindPublish)
    }

    public void sendInvoice(String id) { // @def(sendInvoice, "sendInvoice")
        kafkaTemplate.send(Topics.INVOICES, id); // @site(sendInvoiceSend, "send") @event(sendInvoice, consumeInvoice, "billing.invoices", sendInvoiceSend)
    }

    public void sendInvoiceImported(String id) { // @def(sendInvoiceImported, "sendInvoiceImported")
        kafkaTemplate.send(INVOICES, id, "payload"); // @site(sendImportedSend, "send") @event(sendInvoiceImported, consumeInvoice, "billing.invoices", sendImportedSend)
    }

    public void sendInvoiceRecord(String id) { // @def(sendInvoiceRecord, "sendInvoiceRecord")
        kafkaTemplate.send(new ProducerRecord<>(Topics.INVOICES, id, "payload")); // @site(sendRecordSend, "send") @event(sendInvoiceRecord, consumeInvoice, "billing.invoices", sendRecordSend)
    }

    public void sendInvoiceMessage(String id) { // @def(sendInvoiceMessage, "sendInvoiceMessage")
        kafkaTemplate.send(MessageBuilder.withPayload(id).setHeader(KafkaHeaders.TOPIC, Topics.INVOICES).build()); // @site(sendMessageSend, "send") @event(sendInvoiceMessage, consumeInvoice, "billing.invoices", sendMessageSend)
    }

    public void refund(String id) { // @def(refund, "refund")
        kafkaTemplate.send(Topics.REFUNDS, id); // @site(refundSend, "send") @event(refund, consumeRefund, "billing.refunds", refundSend)
    }

    public void chargeback(String id) { // @def(chargeback, "chargeback")
        kafkaTemplate.send(CHARGEBACKS, id); // @site(chargebackSend, "send") @event(chargeback, consumeRefund, "billing.chargebacks", chargebackSend)
    }

    public void deadLetter(String id) { // @def(deadLetter, "deadLetter")
        kafkaTemplate.send(Topics.REFUNDS_DLQ, id); // another topic: no consumer
    }

    public void audit(String id) { // @def(audit, "audit")
        kafkaTemplate.send(Topics.AUDIT, id); // @site(auditSend, "send") @event(audit, consumeAudit, "billing.audit", auditSend)
    }

    public void receipt(String id) { // @def(receipt, "receipt")
        rabbitTemplate.convertAndSend(Queues.RECEIPTS, id); // @site(receiptSend, "convertAndSend") @event(receipt, consumeReceipt, "billing.receipts", receiptSend)
    }

    public void receiptDefaultExchange(String id) { // @def(receiptDefault, "receiptDefaultExchange")
        rabbitTemplate.convertAndSend("", RECEIPTS, id); // @site(receiptDefaultSend, "convertAndSend") @event(receiptDefault, consumeReceipt, "billing.receipts", receiptDefaultSend)
    }

    public void receiptExchange(String id) { // @def(receiptExchange, "receiptExchange")
        // Through a named exchange, the queue is reached only through a binding: not linked.
        rabbitTemplate.convertAndSend("billing.exchange", Queues.RECEIPTS, id);
    }

    public void ledger(String id) { // @def(ledger, "ledger")
        rabbitTemplate.convertAndSend(LEDGER, id); // @site(ledgerSend, "convertAndSend") @event(ledger, consumeLedger, "billing.ledger", ledgerSend)
    }

    public void ledgerEvent(String id) { // @def(ledgerEvent, "ledgerEvent")
        kafkaTemplate.send(Topics.LEDGER_EVENTS, id); // @site(ledgerEventSend, "send") @event(ledgerEvent, onEntry, "billing.ledger-events", ledgerEventSend) @event(ledgerEvent, onUnknownEntry, "billing.ledger-events", ledgerEventSend)
    }

    public void dispute(String id) { // @def(dispute, "dispute")
        rabbitTemplate.convertAndSend("billing.disputes", id, m -> m); // @site(disputeSend, "convertAndSend") @event(dispute, onDispute, "billing.disputes", disputeSend)
    }

    public void statement(String id) { // @def(statement, "statement")
        rabbitTemplate.convertAndSend("billing.statements", id); // @site(statementSend, "convertAndSend") @event(statement, onStatement, "billing.statements", statementSend)
    }

    public void reminderMessage(String id) { // @def(reminderMessage, "reminderMessage")
        rabbitTemplate.convertAndSend("billing.reminders", id); // @site(reminderQueueSend, "convertAndSend") @event(reminderMessage, onReminderMessage, "billing.reminders", reminderQueueSend)
        // Through the topic exchange a binding routes it: not linked.
        rabbitTemplate.convertAndSend("billing.topic", "reminder.due", id);
    }

    public void external(String id) { // @def(external, "external")
        kafkaTemplate.send(externalTopic, id); // @site(externalSend, "send") @event(external, consumeExternal, "${billing.topics.external}", externalSend)
    }

    public void partner(String id) { // @def(partner, "partner")
        kafkaTemplate.send(this.partnerTopic, id); // another property: no consumer
    }

    public void shadowed(String externalTopic) { // @def(shadowed, "shadowed")
        kafkaTemplate.send(externalTopic, "x"); // the parameter, not the injected field: not linked
    }
}
