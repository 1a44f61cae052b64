ALTER TABLE "groups" ADD COLUMN "owner_entity_id" integer;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "owner_entity_id" integer;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_owner_entity_id_entities_id_fk" FOREIGN KEY ("owner_entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_owner_entity_id_entities_id_fk" FOREIGN KEY ("owner_entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;