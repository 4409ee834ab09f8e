module example.com/emb

go 1.22
