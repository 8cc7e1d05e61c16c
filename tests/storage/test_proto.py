"""The runtime-built messages agree with the .proto schemas as protoc reads them,
and the envelope keeps its field-number rules."""

import os
import subprocess
import sys

import pytest
from google.protobuf import descriptor_pb2

from tb_bias_plugin.measures.registry import REGISTRY
from tb_bias_plugin.storage import record, schema
from tb_bias_plugin.storage.arrays import ARRAY

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _protoc(tmp_path, file_name):
    out = tmp_path / "set.pb"
    subprocess.run(
        [sys.executable, "-m", "grpc_tools.protoc", "-I", ROOT, "--descriptor_set_out", str(out), file_name],
        check=True,
    )
    (parsed,) = descriptor_pb2.FileDescriptorSet.FromString(out.read_bytes()).file
    return parsed


def _wire(file):
    # protoc fills json_name only when asked; compare what defines the wire format
    file = descriptor_pb2.FileDescriptorProto.FromString(file.SerializeToString())
    for message in file.message_type:
        for field in message.field:
            field.ClearField("json_name")
    return file


def test_storage_proto_matches_protoc(tmp_path):
    ours = schema.file_proto(record.STORAGE_FILE, [ARRAY, record.PLUGIN_DATA])
    assert _wire(ours) == _wire(_protoc(tmp_path, record.STORAGE_FILE))


@pytest.mark.parametrize("measure", [m.id for m in REGISTRY])
def test_each_measure_proto_matches_protoc(tmp_path, measure):
    ours = REGISTRY.envelope.Record.DESCRIPTOR.fields_by_name[measure].message_type.file
    proto = descriptor_pb2.FileDescriptorProto()
    ours.CopyToProto(proto)
    assert _wire(proto) == _wire(_protoc(tmp_path, REGISTRY[measure].proto_file))


def test_envelope_numbers_are_explicit_and_never_reuse_v1_fields():
    descriptor = REGISTRY.envelope.Record.DESCRIPTOR
    assert descriptor.fields_by_name["version"].number == 1
    members = [f for f in descriptor.oneofs_by_name["payload"].fields]
    assert sorted(f.name for f in members) == sorted(m.id for m in REGISTRY)
    assert all(f.number >= record.FIRST_PAYLOAD_NUMBER for f in members)
    # The bare version-1 table used 2 to 13: Record reserves them (and 14).
    proto = descriptor_pb2.DescriptorProto()
    descriptor.CopyToProto(proto)
    assert [(r.start, r.end) for r in proto.reserved_range] == [(2, record.DESCRIPTION_NUMBER)]
    assert descriptor.fields_by_name["description"].number == record.DESCRIPTION_NUMBER == 15
    assert REGISTRY["association"].payload_number == 16  # stored in files: never change


def test_registry_rejects_clashing_payload_numbers():
    with pytest.raises(ValueError, match="unique"):
        record.Envelope(
            [record.PayloadSlot("a", 16, "Table", REGISTRY["association"].proto_file),
             record.PayloadSlot("b", 16, "Table", REGISTRY["association"].proto_file)],
            "a",
        )
