-- The orders grid's search on indexes (issue 13): a whole e-mail is looked up case-insensitively
-- on lower(customer_email); a CPF uses orders_cpf_idx (0003) and an order number the unique
-- number, each by equality instead of a LIKE over every order.
CREATE INDEX orders_email_lower_idx ON orders (lower(customer_email));
