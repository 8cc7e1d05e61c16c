"""The .proto files are the only schema: the committed descriptor sets are
what protoc builds of them, the messages come from those sets, and the
envelope keeps its field-number rules."""

import os

import pytest
from google.protobuf import descriptor_pb2

from tb_bias_plugin.measures.association import messages as association
from tb_bias_plugin.measures.registry import REGISTRY
from tb_bias_plugin.storage import build_descriptors, record, schema

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOY = os.path.join(ROOT, "tests", "data", "toy_measures", "toy")


@pytest.mark.parametrize("folder", [build_descriptors.PACKAGE_FOLDER, TOY], ids=["package", "toy"])
def test_committed_descriptor_sets_are_a_fresh_protoc_build(folder):
    # A failure names the sets; `python -m tb_bias_plugin.storage.build_descriptors
    # <folder>` regenerates them.
    assert build_descriptors.proto_files(folder)
    assert build_descriptors.stale(folder) == []


def test_check_names_a_stale_or_orphan_set(tmp_path, capsys):
    folder = tmp_path / "m"
    folder.mkdir()
    (folder / "m.proto").write_text('syntax = "proto3";\npackage m;\nmessage M { int64 n = 1; }\n')
    assert build_descriptors.main([str(folder)]) == 0
    assert build_descriptors.main(["--check", str(folder)]) == 0
    (folder / "m.proto").write_text('syntax = "proto3";\npackage m;\nmessage M { int64 n = 2; }\n')
    (folder / "gone.protoset").write_bytes(b"")
    assert build_descriptors.main(["--check", str(folder)]) == 1
    err = capsys.readouterr().err
    assert "m.protoset" in err and "gone.protoset" in err and "build_descriptors " + str(folder) in err


def test_every_proto_is_in_its_set_without_machine_paths():
    for proto in build_descriptors.proto_files(build_descriptors.PACKAGE_FOLDER):
        with open(schema.descriptor_set_path(proto), "rb") as f:
            files = descriptor_pb2.FileDescriptorSet.FromString(f.read()).file
        assert files[-1].name == proto
        assert all(f.name.startswith("tb_bias_plugin/") and not f.HasField("source_code_info") for f in files)


def test_messages_are_the_proto_files():
    table = association.Table.DESCRIPTOR
    assert table.file.name == REGISTRY["association"].proto_file
    assert [(f.name, f.number) for f in table.fields][:3] == [("version", 1), ("kind", 2), ("label_names", 3)]
    assert table.fields_by_name["label_counts"].message_type.full_name == "tb_bias.Array"
    assert (association.COUNTS, association.PRECOMPUTED) == (1, 2)


def test_a_set_holding_another_version_of_a_loaded_file_is_refused(tmp_path):
    storage = schema.load_file(record.STORAGE_FILE)
    proto = descriptor_pb2.FileDescriptorProto()
    storage.CopyToProto(proto)
    proto.message_type[0].field[0].number = 99  # Array.dtype renumbered
    stale_set = descriptor_pb2.FileDescriptorSet(file=[proto, descriptor_pb2.FileDescriptorProto(name="other.proto")])
    (tmp_path / "other.protoset").write_bytes(stale_set.SerializeToString())
    with pytest.raises(ValueError, match="regenerate"):
        schema.load_file("other.proto", root=str(tmp_path))
    with pytest.raises(FileNotFoundError, match="build_descriptors"):
        schema.load_file("missing.proto", root=str(tmp_path))


@pytest.mark.parametrize("measure", [m.id for m in REGISTRY])
def test_each_payload_is_its_measures_proto_message(measure):
    field = REGISTRY.envelope.Record.DESCRIPTOR.fields_by_name[measure]
    assert field.number == REGISTRY[measure].payload_number
    assert field.message_type.file.name == REGISTRY[measure].proto_file
    assert field.message_type.name == REGISTRY[measure].payload_message


def test_envelope_numbers_are_explicit_and_never_reuse_v1_fields():
    descriptor = REGISTRY.envelope.Record.DESCRIPTOR
    assert descriptor.fields_by_name["version"].number == 1
    members = [f for f in descriptor.oneofs_by_name["payload"].fields]
    assert sorted(f.name for f in members) == sorted(m.id for m in REGISTRY)
    assert record.FIRST_PAYLOAD_NUMBER == 16
    assert all(f.number >= record.FIRST_PAYLOAD_NUMBER for f in members)
    # The bare version-1 table used 2 to 13: Record reserves them (and 14).
    # through the file: protobuf's pure-Python descriptors (3.20) cannot CopyToProto a message
    file = descriptor_pb2.FileDescriptorProto.FromString(descriptor.file.serialized_pb)
    proto = next(m for m in file.message_type if m.name == descriptor.name)
    assert [(r.start, r.end) for r in proto.reserved_range] == [(2, 15)]
    assert descriptor.fields_by_name["description"].number == 15
    assert REGISTRY["association"].payload_number == 16  # stored in files: never change


def test_encode_writes_version_description_then_the_member():
    payload = association.Table(version=1, label_names=["a"])
    body = payload.SerializeToString()
    data = record.encode(16, payload, "é")
    # field 1 = 2; field 15 = "é" (2 UTF-8 bytes); field 16 (two-byte tag) = the table
    assert data == b"\x08\x02" + b"\x7a\x02" + "é".encode() + b"\x82\x01" + bytes([len(body)]) + body
    measure, stored, description = REGISTRY.envelope.read(data)
    assert (measure, stored.SerializeToString(), description) == ("association", body, "é")
    measure, stored = REGISTRY.envelope.decode(record.encode(16, association.Table()))
    assert measure == "association" and stored.ByteSize() == 0  # an empty payload is still the member


def test_registry_rejects_clashing_payload_numbers():
    with pytest.raises(ValueError, match="unique"):
        record.Envelope(
            [record.PayloadSlot("a", 16, "Table", REGISTRY["association"].proto_file),
             record.PayloadSlot("b", 16, "Table", REGISTRY["association"].proto_file)],
            "a",
        )
    with pytest.raises(ValueError, match="at least 16"):
        record.Envelope([record.PayloadSlot("a", 15, "Table", REGISTRY["association"].proto_file)])
    with pytest.raises(ValueError, match="declares no message Tabel"):
        record.Envelope([record.PayloadSlot("a", 16, "Tabel", REGISTRY["association"].proto_file)])


def test_each_measure_numbers_its_envelope_member_in_its_own_proto(tmp_path):
    from tb_bias_plugin.measures.registry import REGISTRY

    numbers = {m.id: schema.payload_number(m.proto_file) for m in REGISTRY}
    assert numbers == {m.id: m.payload_number for m in REGISTRY}
    assert numbers["association"] == 16  # version-2 files depend on it: never renumbered
    (tmp_path / "p").mkdir()
    (tmp_path / "p" / "two.proto").write_text(
        'syntax = "proto3";\npackage two;\nenum TwoPayload { TWO_PAYLOAD_UNSPECIFIED = 0; A = 30; B = 31; }\n')
    assert build_descriptors.main([str(tmp_path / "p")]) == 0
    with pytest.raises(ValueError, match="one enum named ...Payload with one non-zero value"):
        schema.payload_number("p/two.proto", root=str(tmp_path))
