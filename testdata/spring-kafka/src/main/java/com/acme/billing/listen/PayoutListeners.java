package com.acme.billing.listen;

import com.acme.billing.config.RabbitConfig;
import org.springframework.amqp.rabbit.annotation.RabbitListener;
import org.springframework.stereotype.Component;

@Component
public class PayoutListeners {
    @RabbitListener(queues = RabbitConfig.PAYOUT_QUEUE)
    public void onPayout(String payout) { // @def(onPayout, "onPayout")
        System.out.println(payout);
    }

    @RabbitListener(queues = RabbitConfig.ARCHIVE_QUEUE)
    public void onArchive(String payout) { // @def(onArchive, "onArchive")
        System.out.println(payout);
    }

    @RabbitListener(queues = RabbitConfig.NOTICE_QUEUE)
    public void onNotice(String notice) { // @def(onNotice, "onNotice")
        System.out.println(notice);
    }

    @RabbitListener(queues = RabbitConfig.INVOICE_QUEUE)
    public void onInvoiceCopy(String copy) { // @def(onInvoiceCopy, "onInvoiceCopy")
        System.out.println(copy);
    }
}
