CREATE TABLE `connection_hooks` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`connection_id` text NOT NULL,
	`secret_ciphertext` text NOT NULL,
	`vendor_state` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`connection_id`) REFERENCES `connections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `connection_hooks_connection_unique` ON `connection_hooks` (`connection_id`);--> statement-breakpoint
CREATE TABLE `polling_seen` (
	`subscription_id` text NOT NULL,
	`remote_id` text NOT NULL,
	`updated_at` text,
	PRIMARY KEY(`subscription_id`, `remote_id`),
	FOREIGN KEY (`subscription_id`) REFERENCES `webhook_subscriptions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `polling_states` (
	`subscription_id` text PRIMARY KEY NOT NULL,
	`watermark` text,
	`next_poll_at` text NOT NULL,
	`lease_owner` text,
	`lease_expires_at` text,
	`last_error` text,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`subscription_id`) REFERENCES `webhook_subscriptions`(`id`) ON UPDATE no action ON DELETE cascade
);
