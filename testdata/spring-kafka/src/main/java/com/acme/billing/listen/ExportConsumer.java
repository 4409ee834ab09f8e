package com.acme.billing.listen;

import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.annotation.PartitionOffset;
import org.springframework.kafka.annotation.TopicPartition;
import org.springframework.stereotype.Component;

@Component
public class ExportConsumer {
    @KafkaListener(
            id = "exports",
            topicPartitions = {
                    @TopicPartition(
                            topic = "${billing.topics.exports}",
                            partitionOffsets = @PartitionOffset(partition = "*", initialOffset = "0")
                    )
            }
    )
    public void consumeExport(String message) { // @def(consumeExport, "consumeExport")
        System.out.println(message);
    }
}
