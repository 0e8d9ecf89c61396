CREATE TABLE `authorization_attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`connection_id` text,
	`connector_id` text NOT NULL,
	`owner_id` text NOT NULL,
	`status` text NOT NULL,
	`mode` text NOT NULL,
	`via` text NOT NULL,
	`scopes` text NOT NULL,
	`redirect_url` text,
	`authorize_url` text,
	`state_hash` text,
	`code_verifier_ciphertext` text,
	`settings` text,
	`expires_at` text,
	`consumed_at` text,
	`error_code` text,
	`error_message` text,
	`created_at` text NOT NULL,
	`completed_at` text,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`connection_id`) REFERENCES `connections`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `authorization_attempts_state_unique` ON `authorization_attempts` (`state_hash`);--> statement-breakpoint
CREATE INDEX `authorization_attempts_org_created_idx` ON `authorization_attempts` (`organization_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `authorization_attempts_connection_idx` ON `authorization_attempts` (`connection_id`);--> statement-breakpoint
CREATE TABLE `connections` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`connector_id` text NOT NULL,
	`owner_id` text NOT NULL,
	`operations` text NOT NULL,
	`status` text NOT NULL,
	`credentials_ciphertext` text,
	`credentials_version` integer DEFAULT 0 NOT NULL,
	`access_token_expires_at` text,
	`granted_scopes` text,
	`identity` text,
	`search_text` text DEFAULT '' NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`authorized_at` text,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `connections_org_connector_owner_unique` ON `connections` (`organization_id`,`connector_id`,`owner_id`);--> statement-breakpoint
CREATE INDEX `connections_org_created_idx` ON `connections` (`organization_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `connector_apps` (
	`organization_id` text NOT NULL,
	`connector_id` text NOT NULL,
	`client_id` text NOT NULL,
	`client_secret_ciphertext` text NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`organization_id`, `connector_id`),
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`connection_id` text NOT NULL,
	`connector_id` text NOT NULL,
	`owner_id` text NOT NULL,
	`operations` text NOT NULL,
	`expires_at` text NOT NULL,
	`created_at` text NOT NULL,
	`revoked_at` text,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_connection_idx` ON `sessions` (`connection_id`);