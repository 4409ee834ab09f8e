package com.acme.billing.service;

import com.acme.billing.config.RabbitConfig;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.stereotype.Service;

@Service
public class PayoutService {
    private final RabbitTemplate rabbitTemplate;

    public PayoutService(RabbitTemplate rabbitTemplate) {
        this.rabbitTemplate = rabbitTemplate;
    }

    public void payout(String id) { // @def(payout, "payout")
        rabbitTemplate.convertAndSend(RabbitConfig.EXCHANGE, RabbitConfig.PAYOUT_KEY, id); // @site(payoutSend, "convertAndSend") @event(payout, onPayout, "billing.payouts", payoutSend)
    }

    public void archivePayout(String id) { // @def(archivePayout, "archivePayout")
        rabbitTemplate.convertAndSend(RabbitConfig.EXCHANGE, "payout.archived", id); // @site(archivePayoutSend, "convertAndSend") @event(archivePayout, onPayout, "billing.payouts", archivePayoutSend) @event(archivePayout, onArchive, "billing.archive", archivePayoutSend)
    }

    public void deepArchive(String id) { // @def(deepArchive, "deepArchive")
        rabbitTemplate.convertAndSend(RabbitConfig.EXCHANGE, "payout.old.archived", id); // @site(deepArchiveSend, "convertAndSend") @event(deepArchive, onArchive, "billing.archive", deepArchiveSend)
    }

    public void announce(String id) { // @def(announce, "announce")
        rabbitTemplate.convertAndSend(RabbitConfig.BROADCAST, "", id); // @site(announceSend, "convertAndSend") @event(announce, onNotice, "billing.notices", announceSend)
    }

    public void copyInvoice(String id) { // @def(copyInvoice, "copyInvoice")
        rabbitTemplate.convertAndSend(RabbitConfig.DIRECT, "invoice.copy", id); // @site(copySend, "convertAndSend") @event(copyInvoice, onInvoiceCopy, "billing.invoice-copies", copySend)
    }

    public void unrouted(String id) { // @def(unrouted, "unrouted")
        rabbitTemplate.convertAndSend(RabbitConfig.DIRECT, "invoice.other", id); // a key no binding has: links nothing
        rabbitTemplate.convertAndSend("billing.other", RabbitConfig.PAYOUT_KEY, id); // an exchange no binding names: links nothing
    }
}
