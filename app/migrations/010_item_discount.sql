-- An item's discount in percent, as its document prints it ('10', '2.5'): quantity
-- x unit price less this share is its amount. NULL when the document gives none.

ALTER TABLE purchase_order_items ADD COLUMN discount_percent TEXT;
