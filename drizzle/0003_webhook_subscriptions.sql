CREATE TABLE `inbound_events` (
	`connector_id` text NOT NULL,
	`vendor_event_id` text NOT NULL,
	`organization_id` text NOT NULL,
	`received_at` text NOT NULL,
	PRIMARY KEY(`connector_id`, `vendor_event_id`)
);
--> statement-breakpoint
CREATE TABLE `webhook_subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`connection_id` text NOT NULL,
	`model` text NOT NULL,
	`trigger` text NOT NULL,
	`kind` text NOT NULL,
	`state` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`connection_id`) REFERENCES `connections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `webhook_subscriptions_unique` ON `webhook_subscriptions` (`connection_id`,`model`,`trigger`);