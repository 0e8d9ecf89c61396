CREATE TABLE `event_enrichments` (
	`event_id` text PRIMARY KEY NOT NULL,
	`connection_id` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` text NOT NULL,
	`lease_owner` text,
	`lease_expires_at` text,
	`last_error` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `event_enrichments_due_idx` ON `event_enrichments` (`next_attempt_at`);