-- Issue 29, decision 0074: every process keeps short-lived copies of what each request reads
-- (sign-in checks, tier menus, module switches). The rows they copy announce their own changes on
-- the channel "pod_cache", whoever writes them (a route, the CRUD kit, a script), and PostgreSQL
-- delivers the notice at commit to every listening process. Identical notices of one transaction
-- are delivered once. Payloads: "subject:<admin|member>:<id>", "menus", "roles", "modules:<tenant id>".
CREATE FUNCTION "pod_cache_notify_subject"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'auth_refresh_tokens' THEN
    PERFORM pg_notify('pod_cache', 'subject:' || NEW.subject_kind || ':' || NEW.subject_id);
  ELSIF TG_TABLE_NAME = 'admin_users' THEN
    PERFORM pg_notify('pod_cache', 'subject:admin:' || COALESCE(NEW.id, OLD.id));
  ELSE
    PERFORM pg_notify('pod_cache', 'subject:member:' || COALESCE(NEW.id, OLD.id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A sign-in ended: logout, password change, reuse of a rotated token, "sign out everywhere".
CREATE TRIGGER "auth_refresh_tokens_revoked" AFTER UPDATE OF "revoked_at" ON "auth_refresh_tokens"
FOR EACH ROW WHEN (OLD."revoked_at" IS NULL AND NEW."revoked_at" IS NOT NULL)
EXECUTE FUNCTION "pod_cache_notify_subject"();
--> statement-breakpoint
-- An administrator disabled, locked or removed: none of their sign-ins may act any more.
CREATE TRIGGER "admin_users_may_act" AFTER UPDATE OF "status", "is_locked" ON "admin_users"
FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."is_locked" IS DISTINCT FROM NEW."is_locked")
EXECUTE FUNCTION "pod_cache_notify_subject"();
--> statement-breakpoint
CREATE TRIGGER "admin_users_removed" AFTER DELETE ON "admin_users"
FOR EACH ROW EXECUTE FUNCTION "pod_cache_notify_subject"();
--> statement-breakpoint
CREATE TRIGGER "members_may_act" AFTER UPDATE OF "status" ON "members"
FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status")
EXECUTE FUNCTION "pod_cache_notify_subject"();
--> statement-breakpoint
CREATE TRIGGER "members_removed" AFTER DELETE ON "members"
FOR EACH ROW EXECUTE FUNCTION "pod_cache_notify_subject"();
--> statement-breakpoint
CREATE FUNCTION "pod_cache_notify_table"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('pod_cache', TG_ARGV[0]);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Menus (what each tier's permissions are made of) and roles (who holds which menus).
CREATE TRIGGER "menus_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "menus"
FOR EACH STATEMENT EXECUTE FUNCTION "pod_cache_notify_table"('menus');
--> statement-breakpoint
CREATE TRIGGER "roles_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "roles"
FOR EACH STATEMENT EXECUTE FUNCTION "pod_cache_notify_table"('roles');
--> statement-breakpoint
CREATE TRIGGER "role_menus_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role_menus"
FOR EACH STATEMENT EXECUTE FUNCTION "pod_cache_notify_table"('roles');
--> statement-breakpoint
CREATE TRIGGER "admin_user_roles_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "admin_user_roles"
FOR EACH STATEMENT EXECUTE FUNCTION "pod_cache_notify_table"('roles');
--> statement-breakpoint
CREATE FUNCTION "pod_cache_notify_tenant_modules"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('pod_cache', 'modules:' || COALESCE(NEW.id, OLD.id));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A tenant's module switches (the module store).
CREATE TRIGGER "tenants_modules_changed" AFTER UPDATE OF "disabled_modules" ON "tenants"
FOR EACH ROW WHEN (OLD."disabled_modules" IS DISTINCT FROM NEW."disabled_modules")
EXECUTE FUNCTION "pod_cache_notify_tenant_modules"();
