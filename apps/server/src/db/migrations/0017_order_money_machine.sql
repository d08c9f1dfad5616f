DROP INDEX "payments_one_success_per_order";--> statement-breakpoint
CREATE UNIQUE INDEX "order_events_paid_or_cancelled_once" ON "order_events" USING btree ("order_id","to_status") WHERE "order_events"."to_status" in ('paid', 'cancelled');--> statement-breakpoint
CREATE INDEX "orders_user_unpaid_idx" ON "orders" USING btree ("user_id") WHERE "orders"."status" = 'pending_payment';