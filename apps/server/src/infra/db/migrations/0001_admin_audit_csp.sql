CREATE TABLE "csp_violations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"document_uri" text NOT NULL,
	"referrer" text,
	"blocked_uri" text,
	"violated_directive" text NOT NULL,
	"original_policy" text,
	"disposition" text,
	"occurred_at" timestamp with time zone,
	"user_agent" text,
	"ip" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "impersonation_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"admin_user_id" text NOT NULL,
	"target_user_id" text NOT NULL,
	"reason" text NOT NULL,
	"session_id" text NOT NULL,
	"ip" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "impersonation_audit" ADD CONSTRAINT "impersonation_audit_admin_user_id_user_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impersonation_audit" ADD CONSTRAINT "impersonation_audit_target_user_id_user_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "csp_violations_received_idx" ON "csp_violations" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "impersonation_audit_started_idx" ON "impersonation_audit" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "impersonation_audit_session_idx" ON "impersonation_audit" USING btree ("session_id");