package com.acme;

import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

@Component
public class Sweeper {
    @Scheduled(fixedRate = 300000)
    public void sweep() { // @def(javaSweep, "sweep") @entry(javaSweep, "runs every 5 minutes")
    }
}
