module example.com/mocklits

go 1.22

require github.com/stretchr/testify v1.9.0
