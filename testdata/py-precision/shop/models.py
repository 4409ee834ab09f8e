from django.db import models


class Order(models.Model):
    total = models.IntegerField()


class Customer(models.Model):
    name = models.CharField(max_length=10)
